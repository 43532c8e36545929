/** Connection blocks inlined into checks, scrapers and actions (crds.md §0.1). */
import { z } from 'zod';
import { intOrString, openObject } from './markers.js';
import { bool, envVars, int, optEnvVar, str, strings, stringMap } from './values.js';

const connectionRef = () =>
  str().describe('A connection://<type>/<name> reference or a connection id.');

/** canary-checker's inline Connection; the URL may use $(username), $(password), $(domain), ... */
export const connectionFields = {
  connection: connectionRef(),
  url: str(),
  username: optEnvVar(),
  password: optEnvVar(),
};

export const tlsConfigShape = {
  insecureSkipVerify: bool(),
  handshakeTimeout: intOrString('Nanoseconds or a duration string.').default('10s'),
  ca: optEnvVar(),
  cert: optEnvVar(),
  key: optEnvVar(),
};
export const tlsConfig = z.object(tlsConfigShape);

export const awsConnectionFields = {
  connection: connectionRef(),
  accessKey: optEnvVar(),
  secretKey: optEnvVar(),
  sessionToken: optEnvVar(),
  assumeRole: str(),
  region: str(),
  endpoint: str(),
  skipTLSVerify: bool(),
};

export const httpConnectionFields = {
  connection: connectionRef(),
  url: str(),
  username: optEnvVar(),
  password: optEnvVar(),
  ntlm: bool(),
  ntlmv2: bool(),
  digest: bool(),
  bearer: optEnvVar(),
  oauth: z
    .object({
      clientID: optEnvVar(),
      clientSecret: optEnvVar(),
      tokenURL: str(),
      scope: strings(),
      params: stringMap(),
    })
    .optional(),
  tls: tlsConfig.optional(),
  headers: envVars(),
  awsSigV4: z.object({ ...awsConnectionFields, service: str() }).optional(),
};

export const s3ConnectionFields = {
  ...awsConnectionFields,
  bucket: str(),
  objectPath: str().describe('Glob of object keys.'),
  usePathStyle: bool(),
};

export const gcpConnectionFields = {
  connection: connectionRef(),
  endpoint: str(),
  credentials: optEnvVar(),
  skipTLSVerify: bool(),
  project: str(),
};

export const smbConnection = z.object({
  connection: connectionRef(),
  username: optEnvVar(),
  password: optEnvVar(),
  port: int(),
  domain: str(),
  share: str(),
});

export const sftpConnection = z.object({
  connection: connectionRef(),
  host: str(),
  port: int(),
  username: optEnvVar(),
  password: optEnvVar(),
});

export const kubernetesConnectionFields = {
  connection: connectionRef(),
  kubeconfig: optEnvVar(),
  eks: openObject(
    { ...awsConnectionFields, cluster: str() },
    'EKS cluster access (AWS credentials and cluster name).',
  ).optional(),
  gke: openObject(
    { ...gcpConnectionFields, zone: str(), cluster: str() },
    'GKE cluster access (GCP credentials, zone and cluster name).',
  ).optional(),
  cnrm: openObject(
    { clusterResource: str(), clusterResourceNamespace: str() },
    'Config Connector (CNRM) cluster access.',
  ).optional(),
};

export const execConnections = z.object({
  fromConfigItem: str(),
  eksPodIdentity: bool(),
  serviceAccount: bool(),
  kubernetes: z.object(kubernetesConnectionFields).optional(),
  aws: z.object(awsConnectionFields).optional(),
  gcp: z
    .object({ connection: connectionRef(), endpoint: str(), credentials: optEnvVar() })
    .optional(),
  azure: z
    .object({
      connection: connectionRef(),
      clientID: optEnvVar(),
      clientSecret: optEnvVar(),
      tenantID: str(),
    })
    .optional(),
  opensearch: openObject({ connection: connectionRef() }, 'OpenSearch connection.').optional(),
});

/** A git checkout for exec; without a destination the sha256 of the URL names the directory. */
export const gitConnection = z.object({
  url: str(),
  connection: connectionRef(),
  username: optEnvVar(),
  password: optEnvVar(),
  certificate: optEnvVar(),
  type: str(),
  branch: str(),
  depth: int(),
  destination: str(),
});

export const artifacts = () =>
  z
    .array(
      z.object({
        path: z.string().describe('File glob to keep; /dev/stdout and /dev/stderr are special.'),
      }),
    )
    .optional();
