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
import { listPath, type SettingsKind } from './kind';
import {
  createResource,
  deleteResource,
  updateResource,
  useForgetResources,
  useResource,
  type ResourceRow,
} from './resourceApi';
import {
  docToYaml,
  keepFixed,
  makeResourceDoc,
  newResourceDoc,
  validateResource,
  yamlToDoc,
  type ResourceDoc,
} from './resourceDocument';
import { GenericResourceForm } from './ResourceForm';

/** /settings/{table}/new and /settings/{table}/{id}: the generic detail (spec 001). */
export function ResourceDetailPage({ kind }: { kind: SettingsKind }) {
  const { id = '' } = useParams();
  const { whoami } = useSession();
  usePageHeader({ title: kind.title });
  if (!hasGrant(whoami, kind.object, 'read')) return <UnauthorizedPage />;
  const canWrite = hasGrant(whoami, kind.object, 'write');
  if (id === 'new') {
    return canWrite ? <NewResource kind={kind} userId={whoami.user.id} /> : <UnauthorizedPage />;
  }
  return <ExistingResource key={id} kind={kind} id={id} canWrite={canWrite} />;
}

interface EditorProps {
  kind: SettingsKind;
  initial: ResourceDoc;
  exists: boolean;
  readOnly: boolean;
  canDelete: boolean;
  onSave: (doc: ResourceDoc) => Promise<void>;
  onDelete: (doc: ResourceDoc) => void;
}

/** The Form and Code tabs over the resource, with Back, Save or Update, and Delete. */
function ResourceEditor({ kind, exists, ...props }: EditorProps) {
  const navigate = useNavigate();
  const { Form } = kind;
  return (
    <SpecEditor<ResourceDoc>
      {...props}
      exists={exists}
      validate={(doc) => ({ ...validateResource(doc), ...kind.validate?.(doc) })}
      toYaml={docToYaml}
      fromYaml={(text) => yamlToDoc(text, kind.fields)}
      fromCode={(parsed, current) => keepFixed(parsed, current, exists)}
      errorsTitle={`The ${kind.singular.toLowerCase()} has errors`}
      onBack={() => void navigate(listPath(kind))}
      renderForm={(form) =>
        Form ? <Form {...form} /> : <GenericResourceForm {...form} fields={kind.fields} />
      }
    />
  );
}

function NewResource({ kind, userId }: { kind: SettingsKind; userId: string }) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [initial] = useState(() => newResourceDoc(kind.fields));
  const forget = useForgetResources(kind);

  const save = async (doc: ResourceDoc) => {
    try {
      await createResource(kind, doc, userId);
    } catch (e) {
      fail(e);
      throw e;
    }
    void forget();
    addToast({ variant: 'success', title: `${doc.name.trim()} created successfully` });
    void navigate(listPath(kind));
  };

  return (
    <PageSection>
      <SettingsCrumbs
        list={{ path: listPath(kind), title: kind.title }}
        current={`New ${kind.singular}`}
      />
      <ResourceEditor
        kind={kind}
        initial={initial}
        exists={false}
        readOnly={false}
        canDelete={false}
        onSave={save}
        onDelete={() => undefined}
      />
    </PageSection>
  );
}

function ExistingResource(props: { kind: SettingsKind; id: string; canWrite: boolean }) {
  const { resource, error, isLoading } = useResource(props.kind, props.id);
  return (
    <ResourceDetail
      list={{ path: listPath(props.kind), title: props.kind.title }}
      id={props.id}
      row={resource}
      error={error}
      isLoading={isLoading}
    >
      {(row) => <Detail kind={props.kind} resource={row} canWrite={props.canWrite} />}
    </ResourceDetail>
  );
}

type DetailTab = 'spec' | 'manageTeam' | 'jobHistory';

function Detail({
  kind,
  resource,
  canWrite,
}: {
  kind: SettingsKind;
  resource: ResourceRow;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const { addToast } = useToast();
  const fail = useFailToast();
  const [tab, setTab] = useState<DetailTab>('spec');
  const [deleting, setDeleting] = useState<string>();
  // Read-only when it comes from elsewhere than the console (spec 001 §4).
  const external = isExternal({ source: resource.source });
  const [initial] = useState(() => makeResourceDoc(resource, kind.fields));
  const forget = useForgetResources(kind);
  const back = () => {
    void forget();
    void navigate(listPath(kind));
  };

  const save = async (doc: ResourceDoc) => {
    try {
      await updateResource(kind, resource.id, doc);
    } catch (e) {
      fail(e);
      throw e;
    }
    addToast({ variant: 'success', title: `${doc.name} updated successfully` });
    back();
  };

  const remove = async (name: string) => {
    try {
      await deleteResource(kind, resource.id);
    } catch (e) {
      fail(e);
      return;
    }
    setDeleting(undefined);
    addToast({ variant: 'success', title: `${name} deleted successfully` });
    back();
  };

  const Manage = kind.manage?.Panel;
  return (
    <PageSection>
      <SettingsCrumbs list={{ path: listPath(kind), title: kind.title }} current={resource.name} />
      {external && (
        <Alert
          variant="info"
          isInline
          style={{ marginBottom: 16 }}
          title={`This ${kind.singular.toLowerCase()} is managed outside the console and is read-only here.`}
        >
          Source: <SourceLink row={{ source: resource.source }} />
        </Alert>
      )}
      <Tabs
        aria-label={kind.singular}
        activeKey={tab}
        onSelect={(_e, key) => setTab(key as DetailTab)}
        mountOnEnter
      >
        <Tab eventKey="spec" title={<TabTitleText>Spec</TabTitleText>}>
          <div style={{ paddingTop: 16 }}>
            <ResourceEditor
              kind={kind}
              initial={initial}
              exists
              readOnly={external || !canWrite}
              canDelete={canWrite && !external}
              onSave={save}
              onDelete={() => setDeleting(resource.name)}
            />
          </div>
        </Tab>
        {Manage && kind.manage && (
          <Tab eventKey="manageTeam" title={<TabTitleText>{kind.manage.title}</TabTitleText>}>
            <div style={{ paddingTop: 16 }}>
              <Manage resource={resource} canWrite={canWrite} />
            </div>
          </Tab>
        )}
        {kind.jobResourceType && (
          <Tab eventKey="jobHistory" title={<TabTitleText>Job History</TabTitleText>}>
            <div style={{ paddingTop: 16 }}>
              <JobHistoryTab resourceType={kind.jobResourceType} resourceId={resource.id} />
            </div>
          </Tab>
        )}
      </Tabs>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={`Delete ${kind.singular}`}
        onConfirm={() => (deleting !== undefined ? remove(deleting) : undefined)}
        onClose={() => setDeleting(undefined)}
      >
        Are you sure you want to delete {deleting}?
      </ConfirmDialog>
    </PageSection>
  );
}
