/** ObjectMeta as far as validation cares: types checked, everything else kept. */
import { z } from 'zod';
import { openObject } from './markers.js';
import { bool, int, str, stringMap, strings } from './values.js';

export const objectMeta = openObject(
  {
    name: str(),
    generateName: str(),
    namespace: str(),
    uid: str(),
    resourceVersion: str(),
    generation: int(),
    creationTimestamp: str(),
    deletionTimestamp: str(),
    labels: stringMap(),
    annotations: stringMap(),
    finalizers: strings(),
    ownerReferences: z
      .array(
        openObject(
          {
            apiVersion: z.string(),
            kind: z.string(),
            name: z.string(),
            uid: z.string(),
            controller: bool(),
            blockOwnerDeletion: bool(),
          },
          'Owner reference.',
        ),
      )
      .optional(),
  },
  'Object metadata; fields Vigil does not check are kept.',
);

export type ObjectMeta = z.output<typeof objectMeta>;

/** RFC 1123 subdomain (metadata.name) and label (metadata.namespace), as the apiserver checks. */
export const DNS1123_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
export const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
