import { Tab, TabList } from '@fluentui/react-components';
import type { ListScreen } from './use-list-screen';

/** One filter of a list as a row of tabs, one a value: the tab chosen is the filter's value. */
export function FilterTabs<Row, F extends string, V extends string>({
  list,
  filter,
  values,
  label,
  text,
  size,
}: {
  list: ListScreen<Row, F>;
  filter: F;
  values: readonly V[];
  /** The tab list's accessible name. */
  label: string;
  text: (value: V) => string;
  size?: 'small' | 'medium';
}) {
  return (
    <TabList
      size={size}
      aria-label={label}
      selectedValue={list.state.filters[filter]}
      onTabSelect={(_e, data) => list.setFilter(filter, data.value as V)}
    >
      {values.map((value) => (
        <Tab key={value} value={value}>
          {text(value)}
        </Tab>
      ))}
    </TabList>
  );
}
