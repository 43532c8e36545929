/** Upstream-style Canary specs (crds.md §1.3): opensearch to the removed types. */
import { expr, secret } from './core.fixtures.js';

export const MORE_CHECKS: [string, Record<string, unknown>][] = [
  [
    'opensearch',
    {
      opensearch: [
        { name: 'search', url: 'https://os:9200', index: 'app', query: '{}', results: 0 },
      ],
    },
  ],
  [
    'folder',
    {
      folder: [
        {
          name: 'backups',
          path: '/mnt/backups/*.tar.gz',
          minCount: 1,
          maxAge: '25h',
          filter: { regex: '.*\\.tar\\.gz', since: 'now-7d' },
        },
        {
          name: 's3 backups',
          path: 's3://backups/db',
          awsConnection: {
            connection: 'connection://aws/backups',
            region: 'eu-west-1',
            objectPath: 'db/*',
          },
          minSize: '10mb',
        },
        {
          name: 'gcs',
          path: 'gcs://backups',
          gcpConnection: { connection: 'connection://gcp/prod', bucket: 'backups' },
        },
        {
          name: 'smb',
          path: '\\\\fileserver\\share',
          smbConnection: {
            username: secret('smb', 'user'),
            password: secret('smb', 'pass'),
            domain: 'CORP',
          },
        },
        {
          name: 'sftp',
          path: '/uploads',
          sftpConnection: { host: 'sftp.example.com', port: 22, username: secret('sftp', 'user') },
        },
      ],
    },
  ],
  [
    's3',
    {
      s3: [
        {
          name: 's3 write',
          bucketName: 'canary',
          objectPath: 'canary/test',
          region: 'us-east-1',
          accessKey: secret('aws', 'id'),
          secretKey: secret('aws', 'key'),
          usePathStyle: true,
          endpoint: 'http://minio:9000',
        },
      ],
    },
  ],
  [
    'kubernetes',
    {
      kubernetes: [
        {
          name: 'ingress ready',
          kind: 'Ingress',
          apiVersion: 'networking.k8s.io/v1',
          namespaceSelector: { name: '*' },
          resource: { labelSelector: 'app=web' },
          ignore: ['test-*'],
          healthy: true,
          ready: true,
          kubeconfig: { valueFrom: { secretKeyRef: { name: 'remote', key: 'kubeconfig' } } },
          test: expr('results.all(r, r.healthStatus.health == "healthy")'),
        },
      ],
    },
  ],
  [
    'kubernetesResource',
    {
      kubernetesResource: [
        {
          name: 'service reachable',
          namespace: 'default',
          resources: [
            {
              apiVersion: 'v1',
              kind: 'Pod',
              metadata: { name: 'web', labels: { app: 'web' } },
              spec: {
                containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }],
              },
            },
            {
              apiVersion: 'v1',
              kind: 'Service',
              metadata: { name: 'web' },
              spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
            },
          ],
          waitFor: { timeout: '2m' },
          checks: [{ http: [{ name: 'call service', url: 'http://web.default.svc' }] }],
          checkRetries: { delay: '2s', interval: '3s' },
        },
      ],
    },
  ],
  [
    'junit',
    {
      junit: [
        {
          name: 'e2e suite',
          testResults: '/tmp/junit-results/',
          timeout: 10,
          spec: { containers: [{ name: 'tests', image: 'example/e2e:1', command: ['/run.sh'] }] },
          test: expr('results.failed == 0'),
        },
      ],
    },
  ],
  [
    'ldap',
    {
      ldap: [
        {
          name: 'directory',
          url: 'ldaps://ldap.example.com:636',
          username: secret('ldap', 'dn'),
          password: secret('ldap', 'pw'),
          bindDN: 'ou=users,dc=example,dc=com',
          userSearch: '(&(objectClass=person))',
          skipTLSVerify: true,
        },
      ],
    },
  ],
  [
    'catalog',
    {
      interval: 30,
      catalog: [
        {
          name: 'ingress classes',
          selector: [
            { types: ['Kubernetes::IngressClass'] },
            { name: '*', tagSelector: 'cluster=prod' },
          ],
          test: expr('size(results) > 0'),
        },
      ],
    },
  ],
  [
    'dynatrace',
    {
      dynatrace: [
        {
          name: 'problems',
          host: 'abc.live.dynatrace.com',
          scheme: 'https',
          apiKey: secret('dt', 'key'),
          namespace: 'prod',
        },
      ],
    },
  ],
  [
    'cloudwatch',
    { cloudwatch: [{ name: 'alarms', region: 'eu-west-1', alarmPrefix: 'prod-', state: 'ALARM' }] },
  ],
  [
    'awsConfig',
    {
      awsConfig: [
        {
          name: 'public buckets',
          query: "SELECT resourceId WHERE resourceType = 'AWS::S3::Bucket'",
          aggregatorName: 'org',
        },
      ],
    },
  ],
  [
    'awsConfigRule',
    {
      awsConfigRule: [
        {
          name: 'rules',
          rules: ['s3-bucket-public-read-prohibited'],
          complianceTypes: ['NON_COMPLIANT'],
        },
      ],
    },
  ],
  [
    'azureDevops',
    {
      azureDevops: [
        {
          name: 'pipeline',
          organization: 'example',
          project: 'web',
          pipeline: 'deploy',
          personalAccessToken: secret('ado', 'pat'),
          variables: { env: 'prod' },
          branch: ['main'],
          thresholdMillis: 60000,
        },
      ],
    },
  ],
  [
    'databaseBackup',
    {
      databaseBackup: [
        { name: 'cloudsql', maxAge: '1d', gcp: { project: 'prod', instance: 'orders' } },
      ],
    },
  ],
  [
    'restic',
    {
      restic: [
        {
          name: 'restic',
          repository: 's3:https://s3.amazonaws.com/backups',
          password: secret('restic', 'pw'),
          maxAge: '24h',
          checkIntegrity: true,
        },
      ],
    },
  ],
  [
    'jmeter',
    {
      jmeter: [
        {
          name: 'load',
          jmx: { valueFrom: { configMapKeyRef: { name: 'plan', key: 'plan.jmx' } } },
          host: 'web',
          port: 8080,
          responseDuration: '500ms',
        },
      ],
    },
  ],
  ['pubsub', { pubsub: [{ name: 'queue', sqs: { queue: 'arn:aws:sqs:eu-west-1:1:q' } }] }],
  [
    'webhook',
    {
      webhook: {
        name: 'github push',
        token: secret('hook', 'token'),
        transform: expr('{"pass": true}'),
      },
    },
  ],
  [
    'removed pod and namespace checks',
    {
      pod: [{ name: 'old pod', spec: 'apiVersion: v1\nkind: Pod', port: 8080 }],
      namespace: [{ name: 'ns', podSpec: '...' }],
      helm: [{ name: 'chart', chartmuseum: 'http://x' }],
    },
  ],
];
