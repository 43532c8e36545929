-- Responder delivery (issue 7): a responder added to an incident is handed to its external system
-- (email, Jira, ServiceNow, Microsoft Planner, a generic webhook) by the leader's event-queue
-- consumer (operator/src/responders).
--
-- responders.external_id (0006) already holds what the external system calls the delivery (the
-- Jira key, the ServiceNow number, the Planner task id, the mail's Message-ID). Added here:
--   error         the last delivery failure, for the console; cleared when a delivery succeeds.
--   delivered_at  when the delivery succeeded (person and team responders: when they were taken,
--                 there is nothing to send). NULL while pending or failing.
ALTER TABLE responders
  ADD COLUMN error text,
  ADD COLUMN delivered_at timestamptz;

-- A delivery event of its own rather than incident.responder.added (0012), which belongs to
-- whoever reacts to incident events (notification rules): a consumer deletes the events it
-- handles, so two consumers must not share one name. Re-enqueueing
-- ('incident.responder.deliver', {"id": …}) retries a delivery that gave up (enqueue_event resets
-- its attempts).
CREATE FUNCTION responders_deliver_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM enqueue_event('incident.responder.deliver', jsonb_build_object('id', NEW.id));
  RETURN NULL;
END
$$;
CREATE TRIGGER responders_deliver_enqueue AFTER INSERT ON responders
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION responders_deliver_enqueue();

COMMENT ON COLUMN event_queue.delay IS
  'Milliseconds to wait after last_attempt before the event is tried again (set by the consumer on failure)';
