import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  Form,
  FormGroup,
  FormSection,
  TextInput,
} from '@patternfly/react-core';
import { PlusCircleIcon, TrashIcon } from '@patternfly/react-icons';
import type { SpecFormProps } from '../../components/SpecEditor/SpecEditor';
import { BasicField, HelperLine, type FieldContext } from '../../components/SpecForm/fields';
import { isObject, type Json } from '../../lib/jsonDoc';
import { addScraper, removeScraper, type ScraperDoc } from './scraperDocument';
import type { ScraperType } from './scraperTypes';

export interface ScraperFormProps extends SpecFormProps<ScraperDoc> {
  type: ScraperType;
}

/** Name, schedule and the scrapers of the chosen type, each with its schema's fields. */
export function ScraperForm(props: ScraperFormProps) {
  const { doc, type, readOnly } = props;
  const key = type.key;
  const list = key && Array.isArray(doc.spec[key]) ? (doc.spec[key] as unknown[]) : [];
  const nameError = props.error(['name']);
  const schedule = typeof doc.spec.schedule === 'string' ? doc.spec.schedule : '';
  return (
    <Form onSubmit={(e) => e.preventDefault()} noValidate>
      <FormSection title="Catalog Scraper" titleElement="h2">
        <FormGroup label="Name" isRequired fieldId="scraper-name">
          <TextInput
            id="scraper-name"
            value={doc.name}
            validated={nameError ? 'error' : 'default'}
            readOnlyVariant={readOnly ? 'default' : undefined}
            onBlur={() => props.touch(['name'])}
            onChange={(_e, v) => props.set(['name'], v)}
          />
          <HelperLine error={nameError} />
        </FormGroup>
        <FormGroup label="Schedule" fieldId="scraper-schedule">
          <TextInput
            id="scraper-schedule"
            value={schedule}
            placeholder="@every 60m"
            readOnlyVariant={readOnly ? 'default' : undefined}
            onChange={(_e, v) => props.set(['spec', 'schedule'], v === '' ? undefined : v)}
          />
        </FormGroup>
      </FormSection>
      {key &&
        list.map((item, index) => (
          <ScraperCard
            key={index}
            {...props}
            scraperKey={key}
            index={index}
            node={isObject(item) ? item : {}}
          />
        ))}
      {!key && (
        <Alert
          variant="info"
          isInline
          isPlain
          title="Edit the scrapers of this ScrapeConfig in the Code tab."
        />
      )}
      {key && !readOnly && (
        <div>
          <Button
            variant="secondary"
            icon={<PlusCircleIcon />}
            onClick={() => props.update((d) => addScraper(d, key))}
          >
            Add {type.label} scraper
          </Button>
        </div>
      )}
    </Form>
  );
}

function ScraperCard(props: ScraperFormProps & { scraperKey: string; index: number; node: Json }) {
  const { type, readOnly, scraperKey, index } = props;
  const base = ['spec', scraperKey, index] as const;
  const ctx: FieldContext = {
    node: props.node,
    idPrefix: `scraper-${scraperKey}-${index}`,
    readOnly,
    set: (path, value) => props.set([...base, ...path], value),
    touch: (path) => props.touch([...base, ...path]),
    error: (path) => props.error([...base, ...path]),
  };
  const title = `${type.label} scraper ${index + 1}`;
  return (
    <Card isCompact component="section" aria-label={title}>
      <CardHeader
        actions={
          readOnly
            ? undefined
            : {
                actions: (
                  <Button
                    variant="plain"
                    aria-label={`Remove ${title}`}
                    icon={<TrashIcon />}
                    onClick={() => props.update((d) => removeScraper(d, scraperKey, index))}
                  />
                ),
              }
        }
      >
        <CardTitle component="h3">{title}</CardTitle>
      </CardHeader>
      <CardBody>
        <div style={{ display: 'grid', gap: 'var(--pf-t--global--spacer--md)' }}>
          {type.fields.map((def) => (
            <BasicField key={def.path.join('.')} def={def} ctx={ctx} />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}
