import { OverviewView } from "./overview/overview-view";

// The overview's title comes from the dashboard layout ("Overview · <status page>"): a title
// template does not apply to the page of the segment that defines it.
export default function OverviewPage() {
  return <OverviewView />;
}
