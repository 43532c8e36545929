-- Connections (issue: settings and operations).
--
-- Secret columns (password, certificate) are encrypted by the server before they are stored
-- ('enc:v1:…', AES-256-GCM, key in the data directory) or hold a reference (secret://name/key,
-- configmap://name/key). mask_secret of 0017 already shows both encrypted and plain values as
-- '***' and references as written.
--
-- URLs: besides user:password@ and credential parameters (0028), webhook URLs carry their token
-- in the path (Slack, Discord, Mattermost, Teams) or in key/sig/code parameters (Google Chat,
-- Teams workflows, Azure functions), and notification URLs of token schemes carry it before the
-- host (slack://xoxb-…@channel, telegram://token@telegram). Those parts are masked too.
CREATE OR REPLACE FUNCTION mask_url(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value ~ '^(secret|configmap|helm|serviceaccount)://' THEN value
    ELSE regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      value,
      '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#@:]*):[^/?#@]*@', '\1:***@'),
      '^(bark|discord|gotify|ifttt|join|opsgenie|pushbullet|rocketchat|slack|teams|telegram)://[^?#]*',
      '\1://***', 'i'),
      '(hooks\.slack\.com/services/|/api/webhooks/[^/?#]+/|/hooks/|/webhookb2/)[^?#[:space:]]*',
      '\1***', 'i'),
      '([?&;[:space:]]|^)((ssl)?password|passwd|pwd|token|secret|key|sig|code|api_?key|access_?token|client_?secret)=([^&;[:space:]]*)',
      '\1\2=***', 'gi')
  END
$$;
