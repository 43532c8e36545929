/** A UUID in its text form (any version; Vigil's ids are ULID-ordered UUIDs). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The nil agent id: the row `local`, this Vigil itself (every agent_id column defaults to it). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
