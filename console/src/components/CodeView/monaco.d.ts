// monaco-editor 0.57 ships types only for its API entry; these entries re-export it or only
// register languages.
declare module 'monaco-editor/editor/editor.main' {
  export * from 'monaco-editor/editor/editor.api';
}
declare module 'monaco-editor/languages/definitions/yaml/register';
declare module 'monaco-editor/languages/definitions/shell/register';
