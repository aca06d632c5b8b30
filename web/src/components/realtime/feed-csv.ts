// The CSV columns of the realtime feed: every field of the API's events, the properties as JSON text.
import type { FeedEvent } from '../../api/settings-types';
import type { CsvColumn } from '../csv';

/** The properties as the API sent them: JSON text, or the stored text when it was not JSON. */
const propertiesText = (props: unknown) => (typeof props === 'string' ? props : JSON.stringify(props));

export const FEED_CSV_COLUMNS: readonly CsvColumn<FeedEvent>[] = [
  { header: 'Time (UTC)', value: (event) => event.timestamp },
  { header: 'Type', value: (event) => event.type },
  { header: 'Event name', value: (event) => event.event_name },
  { header: 'Path', value: (event) => event.pathname },
  { header: 'Host name', value: (event) => event.hostname },
  { header: 'Page title', value: (event) => event.page_title },
  { header: 'Properties', value: (event) => propertiesText(event.props) },
  { header: 'Session', value: (event) => event.session_id },
  { header: 'Visitor', value: (event) => event.user_id },
  { header: 'Identified user', value: (event) => event.identified_user_id },
  { header: 'Country', value: (event) => event.country },
  { header: 'Browser', value: (event) => event.browser },
  { header: 'Device type', value: (event) => event.device_type },
];
