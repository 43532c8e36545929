import { Form, FormGroup, FormSection, TextInput } from '@patternfly/react-core';
import type { ReactNode } from 'react';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import {
  HelperLine,
  KeyValueEditor,
  YamlField,
  type FieldContext,
} from '../../components/SpecForm/fields';
import type { ResourceDoc, ResourceField } from './resourceDocument';

/** The form's context for the spec's fields (paths from the document's root). */
export function fieldContext(props: SpecFormProps<ResourceDoc>, idPrefix: string): FieldContext {
  return {
    node: props.doc as unknown as Record<string, unknown>,
    idPrefix,
    readOnly: props.readOnly,
    set: props.set,
    touch: props.touch,
    error: props.error,
  };
}

/**
 * Name, then namespace, icon and labels where the table has them. Name and namespace are fixed
 * once the resource exists (spec 001 §4).
 */
export function ResourceFormShell(
  props: SpecFormProps<ResourceDoc> & { idPrefix: string; title: string; children: ReactNode },
) {
  const { doc, readOnly, exists, idPrefix } = props;
  const nameError = props.error(['name']);
  const fixed = readOnly || exists ? ('default' as const) : undefined;
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title={props.title} titleElement="h2">
        <FormGroup label="Name" isRequired fieldId={`${idPrefix}-name`}>
          <TextInput
            id={`${idPrefix}-name`}
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={fixed}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        {doc.namespace !== undefined && (
          <FormGroup label="Namespace" isRequired fieldId={`${idPrefix}-namespace`}>
            <TextInput
              id={`${idPrefix}-namespace`}
              value={doc.namespace}
              placeholder="default"
              readOnlyVariant={fixed}
              onBlur={() => props.touch(['namespace'])}
              onChange={(_e, v) => props.set(['namespace'], v)}
            />
            <HelperLine error={props.error(['namespace'])} />
          </FormGroup>
        )}
        {props.children}
      </FormSection>
    </Form>
  );
}

/** Icon: a name from the console's icon set or an image URL. */
export function IconField(props: SpecFormProps<ResourceDoc> & { idPrefix: string }) {
  return (
    <FormGroup label="Icon" fieldId={`${props.idPrefix}-icon`}>
      <TextInput
        id={`${props.idPrefix}-icon`}
        value={props.doc.icon ?? ''}
        readOnlyVariant={props.readOnly ? 'default' : undefined}
        onChange={(_e, v) => props.set(['icon'], v === '' ? undefined : v)}
      />
    </FormGroup>
  );
}

/** The generic Form tab: the columns, then the spec as YAML. */
export function GenericResourceForm(
  props: SpecFormProps<ResourceDoc> & { fields: readonly ResourceField[] },
) {
  const idPrefix = 'resource';
  const ctx = fieldContext(props, idPrefix);
  return (
    <ResourceFormShell {...props} idPrefix={idPrefix} title="Resource">
      {props.fields.includes('icon') && <IconField {...props} idPrefix={idPrefix} />}
      {props.fields.includes('labels') && (
        <KeyValueEditor
          id={`${idPrefix}-labels`}
          label="Labels"
          value={props.doc.labels}
          readOnly={props.readOnly}
          onChange={(labels) => props.set(['labels'], labels)}
        />
      )}
      <YamlField def={{ kind: 'yaml', path: ['spec'], label: 'Spec' }} ctx={ctx} />
    </ResourceFormShell>
  );
}
