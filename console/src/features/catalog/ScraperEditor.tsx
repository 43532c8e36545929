import { Alert, Content, Label } from '@patternfly/react-core';
import { SpecEditor } from '../../components/SpecEditor/SpecEditor';
import { scraperToYaml, validateScraper, yamlToScraper, type ScraperDoc } from './scraperDocument';
import { ScraperForm } from './ScraperForm';
import type { ScraperType } from './scraperTypes';

export interface ScraperEditorProps {
  initial: ScraperDoc;
  type: ScraperType;
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  onSave: (doc: ScraperDoc) => Promise<void>;
  onDelete: (doc: ScraperDoc) => void;
}

/** The scraper's Form and Code tabs (spec 001 'Spec editors'); Custom is edited as YAML. */
export function ScraperEditor(props: ScraperEditorProps) {
  const { type } = props;
  return (
    <SpecEditor<ScraperDoc>
      initial={props.initial}
      exists={props.exists}
      readOnly={props.readOnly}
      canDelete={props.canDelete}
      validate={validateScraper}
      toYaml={scraperToYaml}
      fromYaml={yamlToScraper}
      initialTab={type.key ? 'form' : 'code'}
      errorsTitle="The scraper has errors"
      header={
        <Content component="p">
          Type: <Label isCompact>{type.label}</Label>
        </Content>
      }
      codeNote={
        !type.key && (
          <Alert
            variant="info"
            isInline
            style={{ marginBottom: 16 }}
            title="Write the scrapers of this ScrapeConfig below."
          />
        )
      }
      renderForm={(form) => <ScraperForm {...form} type={type} />}
      onBack={props.onBack}
      onSave={props.onSave}
      onDelete={props.onDelete}
    />
  );
}
