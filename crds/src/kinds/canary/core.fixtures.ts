/** Upstream-style Canary specs (crds.md §1.3): http to elasticsearch. */
/** Shared by the fixtures: a secret reference and a CEL template. */
export const secret = (name: string, key: string) => ({
  valueFrom: { secretKeyRef: { name, key } },
});
export const expr = (e: string) => ({ expr: e });

export const CORE_CHECKS: [string, Record<string, unknown>][] = [
  [
    'http',
    {
      schedule: '@every 1m',
      http: [
        {
          name: 'status page',
          url: 'https://status.example.com/api/health',
          responseCodes: [200, 201],
          responseContent: 'ok',
          maxSSLExpiry: 7,
          thresholdMillis: 3000,
          headers: [
            { name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
          ],
          test: expr("json.status == 'up'"),
          display: { template: '{{ .code }} in {{ .elapsed }}' },
          labels: { team: 'web' },
          metrics: [
            {
              name: 'status_page_latency',
              type: 'histogram',
              value: 'elapsed.getMilliseconds()',
              labels: [{ name: 'code', valueExpr: 'string(code)' }],
            },
          ],
        },
        {
          name: 'post with basic auth',
          url: 'https://$(username):$(password)@api.example.com/items',
          method: 'POST',
          body: '{"name": "{{ .canary.name }}"}',
          templateBody: true,
          username: secret('api-basic', 'user'),
          password: secret('api-basic', 'pass'),
          ntlm: false,
          tlsConfig: {
            insecureSkipVerify: true,
            ca: { valueFrom: { configMapKeyRef: { name: 'ca', key: 'ca.crt' } } },
          },
          oauth2: {
            tokenURL: 'https://idp.example.com/token',
            scope: ['read'],
            params: { audience: 'api' },
          },
          env: [{ name: 'region', value: 'eu-west-1' }],
          maxRedirects: 0,
          retries: { maxRetries: 3, interval: '5s' },
          dependsOn: ['status page'],
        },
        { name: 'by connection', connection: 'connection://http/status' },
        { name: 'old style', endpoint: 'https://legacy.example.com' },
        {
          name: 'crawl',
          url: 'https://docs.example.com',
          crawl: { depth: 2, allowedDomains: ['docs.example.com'] },
        },
      ],
    },
  ],
  [
    'tcp',
    { tcp: [{ name: 'postgres port', endpoint: 'postgres.db.svc:5432', thresholdMillis: 500 }] },
  ],
  [
    'dns',
    {
      dns: [
        {
          name: 'a record',
          server: '8.8.8.8',
          port: 53,
          query: 'example.com',
          querytype: 'A',
          minrecords: 1,
          exactreply: ['93.184.216.34'],
          timeout: 10,
          thresholdMillis: 1000,
        },
        { name: 'mx', query: 'example.com', querytype: 'MX' },
      ],
    },
  ],
  [
    'icmp',
    {
      icmp: [
        {
          name: 'gateway',
          endpoint: '10.0.0.1',
          thresholdMillis: 400,
          packetLossThreshold: 10,
          packetCount: 2,
        },
      ],
    },
  ],
  [
    'exec',
    {
      exec: [
        {
          name: 'aws identity',
          script: 'aws sts get-caller-identity',
          env: [{ name: 'AWS_REGION', value: 'eu-west-1' }],
          connections: {
            aws: { connection: 'connection://aws/prod', region: 'eu-west-1' },
            eksPodIdentity: false,
          },
          checkout: { url: 'https://github.com/example/scripts', branch: 'main', depth: 1 },
          artifacts: [{ path: '/tmp/report.json' }, { path: '/dev/stdout' }],
          test: expr('results.exitCode == 0'),
        },
      ],
    },
  ],
  [
    'postgres',
    {
      postgres: [
        {
          name: 'orders db',
          url: 'postgres://$(username):$(password)@postgres.db.svc:5432/orders?sslmode=disable',
          username: secret('pg', 'user'),
          password: secret('pg', 'password'),
          query: 'SELECT count(*) FROM orders',
          results: 1,
          markFailOnEmpty: true,
          display: expr("string(results.rows[0].count) + ' orders'"),
        },
      ],
    },
  ],
  [
    'mysql',
    {
      mysql: [
        { name: 'mysql', connection: 'connection://mysql/main', query: 'SELECT 1', results: 1 },
      ],
    },
  ],
  [
    'mssql',
    {
      mssql: [
        {
          name: 'mssql',
          url: 'sqlserver://sa:$(password)@mssql:1433',
          password: secret('mssql', 'sa'),
        },
      ],
    },
  ],
  [
    'redis',
    {
      redis: [
        {
          name: 'cache',
          url: 'redis.cache.svc:6379',
          db: 0,
          password: secret('redis', 'password'),
          tlsConfig: { enable: true },
        },
      ],
    },
  ],
  [
    'mongodb',
    {
      mongodb: [
        {
          name: 'mongo',
          url: 'mongodb://$(username):$(password)@mongo:27017/?authSource=admin',
          username: secret('mongo', 'user'),
          password: secret('mongo', 'pass'),
        },
      ],
    },
  ],
  [
    'prometheus',
    {
      prometheus: [
        {
          name: 'targets up',
          url: 'http://prometheus.monitoring.svc:9090',
          query: 'up{job="kubernetes-nodes"}',
          bearer: secret('prom', 'token'),
          test: expr('value == 1.0'),
          display: { template: '{{ range .results }}{{ .job }} {{ end }}' },
        },
      ],
    },
  ],
  [
    'alertmanager',
    {
      alertmanager: [
        {
          name: 'firing alerts',
          url: 'http://alertmanager.monitoring.svc:9093',
          alerts: ['.*'],
          filters: { namespace: 'prod' },
          exclude_filters: { severity: 'info' },
          ignore: ['Watchdog', 'InfoInhibitor'],
          transform: { expr: 'results.alerts.map(r, {"name": r.name, "pass": false}).toJSON()' },
        },
      ],
    },
  ],
  [
    'elasticsearch',
    {
      elasticsearch: [
        {
          name: 'logs',
          url: 'http://es:9200',
          index: 'logs-*',
          query: '{"query": {"match_all": {}}}',
          results: 1,
          username: secret('es', 'user'),
        },
      ],
    },
  ],
];
