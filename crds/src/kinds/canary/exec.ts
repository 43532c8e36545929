import { z } from 'zod';
import { artifacts, execConnections, gitConnection } from '../shared/connections.js';
import { envVars } from '../shared/values.js';
import { check } from './common.js';

export const execCheck = check({
  script: z.string().describe('bash (PowerShell on Windows); a shebang picks the interpreter.'),
  env: envVars(),
  connections: execConnections.optional(),
  checkout: gitConnection.optional(),
  artifacts: artifacts(),
});
