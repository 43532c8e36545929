import {
  FormSelect,
  FormSelectOption,
  Switch,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { EDGE_STYLES, type EdgeStyle, type RelationshipOptions } from './options';

export interface RelationshipsToolbarProps {
  configId: string;
  options: RelationshipOptions;
  onChange: (patch: Partial<RelationshipOptions>) => void;
}

const SWITCHES = [
  { key: 'outgoing', label: 'Outgoing' },
  { key: 'incoming', label: 'Incoming' },
  { key: 'soft', label: 'Soft' },
  { key: 'deleted', label: 'Deleted' },
] as const;

/** Table or graph, which relationships, and how the graph is drawn (spec 002 'Relationships'). */
export function RelationshipsToolbar({ configId, options, onChange }: RelationshipsToolbarProps) {
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <ToggleGroup aria-label="View">
            <ToggleGroupItem
              text="Graph"
              buttonId={`rel-graph-${configId}`}
              isSelected={options.view === 'graph'}
              onChange={() => onChange({ view: 'graph' })}
            />
            <ToggleGroupItem
              text="Table"
              buttonId={`rel-table-${configId}`}
              isSelected={options.view === 'table'}
              onChange={() => onChange({ view: 'table' })}
            />
          </ToggleGroup>
        </ToolbarItem>
        <ToolbarGroup>
          {SWITCHES.map(({ key, label }) => (
            <ToolbarItem key={key} alignSelf="center">
              <Switch
                id={`rel-${key}-${configId}`}
                label={label}
                isChecked={options[key]}
                onChange={(_e, checked) => onChange({ [key]: checked })}
              />
            </ToolbarItem>
          ))}
        </ToolbarGroup>
        {options.view === 'graph' && (
          <ToolbarGroup>
            <ToolbarItem>
              <ToggleGroup aria-label="Graph direction">
                <ToggleGroupItem
                  text="Left to right"
                  buttonId={`rel-lr-${configId}`}
                  isSelected={options.direction === 'LR'}
                  onChange={() => onChange({ direction: 'LR' })}
                />
                <ToggleGroupItem
                  text="Top to bottom"
                  buttonId={`rel-tb-${configId}`}
                  isSelected={options.direction === 'TB'}
                  onChange={() => onChange({ direction: 'TB' })}
                />
              </ToggleGroup>
            </ToolbarItem>
            <ToolbarItem>
              <FormSelect
                aria-label="Edge style"
                value={options.edges}
                onChange={(_e, value) => onChange({ edges: value as EdgeStyle })}
              >
                {EDGE_STYLES.map((s) => (
                  <FormSelectOption key={s.value} value={s.value} label={s.label} />
                ))}
              </FormSelect>
            </ToolbarItem>
          </ToolbarGroup>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
