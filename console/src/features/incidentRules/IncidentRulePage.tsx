import { Alert, PageSection, Tab, TabTitleText, Tabs } from '@patternfly/react-core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { hasGrant } from '../../app/access';
import { usePageHeader } from '../../app/pageHeader';
import { useSession } from '../../app/session';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { JobHistoryTab } from '../../components/JobHistory/JobHistoryTab';
import {
  ResourceDetail,
  SettingsCrumbs,
  useFailToast,
} from '../../components/SettingsResource/SettingsResource';
import { isExternal, SourceLink } from '../../components/SourceLink/SourceLink';
import { SpecEditor } from '../../components/SpecEditor/SpecEditor';
import { useToast } from '../../components/Toast/useToast';
import { UnauthorizedPage } from '../errors/UnauthorizedPage';
import {
  createIncidentRule,
  deleteIncidentRule,
  updateIncidentRule,
  useIncidentRule,
  type IncidentRuleRow,
} from './api';
import { SOURCE_UI, docToYaml, makeRuleDoc, newRuleDoc, yamlToDoc, type RuleDoc } from './document';
import { INCIDENT_RULES_PATH, INCIDENT_RULES_TITLE, RULES_OBJECT } from './IncidentRulesPage';
import { RuleForm } from './RuleForm';
import { validateRule } from './validation';

const LIST = { path: INCIDENT_RULES_PATH, title: INCIDENT_RULES_TITLE };

/** /settings/incident_rules/new and /settings/incident_rules/{id}: the rule spec editor. */
export function IncidentRulePage() {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: INCIDENT_RULES_TITLE });
  if (!hasGrant(whoami, RULES_OBJECT, 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, RULES_OBJECT, 'write');
  if (id === 'new') {
    return canWrite ? <NewRule userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingRule key={id} id={id} canWrite={canWrite} />;
}

interface RuleEditorProps {
  initial: RuleDoc;
  source: string;
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onBack: () => void;
  onSave: (doc: RuleDoc) => Promise<void>;
  onDelete: (doc: RuleDoc) => void;
}

/** Form and Code over the rule (spec 001 "Spec editors"; rules need no type chooser). */
function RuleEditor({ source, exists, ...props }: RuleEditorProps) {
  return (
    <SpecEditor<RuleDoc>
      {...props}
      exists={exists}
      validate={validateRule}
      toYaml={docToYaml}
      fromYaml={yamlToDoc}
      // The name is fixed once the rule exists (spec 001 §4).
      fromCode={(parsed, current) => (exists ? { ...parsed, name: current.name } : parsed)}
      errorsTitle="The incident rule has errors"
      renderForm={(form) => <RuleForm {...form} source={source} />}
    />
  );
}

function NewRule({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [initial] = useState(newRuleDoc);

  const save = async (doc: RuleDoc) => {
    try {
      await createIncidentRule(doc, userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    void navigate(INCIDENT_RULES_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current="New Incident Rule" />
      <RuleEditor
        initial={initial}
        source={SOURCE_UI}
        exists={false}
        readOnly={false}
        canDelete={false}
        onBack={() => void navigate(INCIDENT_RULES_PATH)}
        onSave={save}
        onDelete={() => undefined}
      />
    </PageSection>
  );
}

function ExistingRule({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { rule, error, isLoading } = useIncidentRule(id);
  return (
    <ResourceDetail list={LIST} id={id} row={rule} error={error} isLoading={isLoading}>
      {(row) => <RuleDetail rule={row} canWrite={canWrite} />}
    </ResourceDetail>
  );
}

type PageTab = 'spec' | 'jobs';

function RuleDetail({ rule, canWrite }: { rule: IncidentRuleRow; canWrite: boolean }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<PageTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  // Read-only when it comes from elsewhere than the console (spec 001 §4).
  const external = isExternal(rule);
  const [initial] = useState(() => makeRuleDoc(rule));

  const save = async (doc: RuleDoc) => {
    try {
      await updateIncidentRule(rule.id, doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name} updated successfully` });
    void navigate(INCIDENT_RULES_PATH);
  };

  const remove = async (name: string) => {
    try {
      await deleteIncidentRule(rule.id);
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${name} deleted successfully` });
    void navigate(INCIDENT_RULES_PATH);
  };

  return (
    <PageSection>
      <SettingsCrumbs list={LIST} current={rule.name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title="This incident rule is managed outside the console and is read-only here."
        >
          Source: <SourceLink row={rule} />
        </Alert>
      )}
      <Tabs
        aria-label="Incident rule"
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as PageTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <RuleEditor
              initial={initial}
              source={rule.source ?? ''}
              exists
              readOnly={external || !canWrite}
              canDelete={canWrite && !external}
              onBack={() => void navigate(INCIDENT_RULES_PATH)}
              onSave={save}
              onDelete={() => setDeleting(rule.name)}
            />
          </div>
        </Tab>
        <Tab eventKey="jobs" title={<TabTitleText>Job History</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <JobHistoryTab resourceType="incident_rule" resourceId={rule.id} />
          </div>
        </Tab>
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete Incident Rule"
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}
