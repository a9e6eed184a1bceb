import { Placeholder } from '../site/placeholder';

export function Component() {
  return <Placeholder title="Choose Your Lifestyle" />;
}
