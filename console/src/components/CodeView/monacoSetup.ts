import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.main';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/definitions/shell/register';

/**
 * Monaco is bundled with the console: @monaco-editor/loader would otherwise fetch it from a CDN
 * at run time, which air-gapped clusters cannot reach (see ../shared/reference/probe.md §3).
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};
loader.config({ monaco });

export { monaco };
