/** folder and s3 checks. */
import { z } from 'zod';
import {
  gcpConnectionFields,
  s3ConnectionFields,
  sftpConnection,
  smbConnection,
} from '../shared/connections.js';
import { bool, int, str } from '../shared/values.js';
import { check } from './common.js';

export const folderCheck = check({
  path: z
    .string()
    .describe('Local glob, s3://bucket, gcs://bucket, smb://... or \\\\server\\share.'),
  recursive: bool(),
  filter: z
    .object({
      minAge: str(),
      maxAge: str(),
      since: str().describe('RFC 3339 or datemath such as now-60d.'),
      minSize: str(),
      maxSize: str(),
      regex: str().describe('Matched against the file name.'),
    })
    .optional(),
  minAge: str().describe('Tested on the newest file.'),
  maxAge: str().describe('Tested on the oldest file.'),
  minCount: int(),
  maxCount: int(),
  minSize: str(),
  maxSize: str(),
  availableSize: str(),
  totalSize: str(),
  awsConnection: z.object(s3ConnectionFields).optional(),
  gcpConnection: z.object({ ...gcpConnectionFields, bucket: str() }).optional(),
  smbConnection: smbConnection.optional(),
  sftpConnection: sftpConnection.optional(),
});

export const s3Check = check({
  ...s3ConnectionFields,
  bucketName: str(),
  storageClass: str(),
});
