/** A UUID in its text form (any version; Vigil's ids are ULID-ordered UUIDs). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
