-- Credentials inside a connection URL (postgres://user:secret@host, https://x:token@git.example,
-- ?password=…, sslpassword, token, apikey) are never returned: /api/db reads connections.url only
-- through mask_url, and the views show it masked. References (secret://…) stay readable.
CREATE FUNCTION mask_url(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR value ~ '^(secret|configmap|helm|serviceaccount)://' THEN value
    ELSE regexp_replace(
      regexp_replace(value, '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#@:]*):[^/?#@]*@', '\1:***@'),
      '([?&;[:space:]]|^)((ssl)?password|passwd|pwd|token|secret|api_?key|access_?token|client_?secret)=([^&;[:space:]]*)',
      '\1\2=***', 'gi')
  END
$$;

-- The console sends the masked URL back when the user did not retype it: keep the real one.
CREATE OR REPLACE FUNCTION connections_keep_masked_secrets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username = '***' THEN NEW.username := OLD.username; END IF;
  IF NEW.password = '***' THEN NEW.password := OLD.password; END IF;
  IF NEW.certificate = '***' THEN NEW.certificate := OLD.certificate; END IF;
  IF NEW.url IS DISTINCT FROM OLD.url AND NEW.url = mask_url(OLD.url) THEN NEW.url := OLD.url; END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE VIEW connection_details AS
  SELECT id, name, namespace, type, source, properties, insecure_tls, created_by, created_at,
    updated_at, connection_category(url) AS category,
    mask_secret(username) AS username, mask_secret(password) AS password,
    mask_secret(certificate) AS certificate, mask_url(url) AS url
  FROM connections
  WHERE deleted_at IS NULL;
