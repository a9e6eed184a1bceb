import { Placeholder } from '../../site/placeholder';

export function Component() {
  return <Placeholder title="Contact responses" />;
}
