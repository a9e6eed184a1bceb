// Where the visitor's journey goes (the e-mail, the survey, the result): the site's own pages, or a
// channel's embed pages inside another site's frame (channels/embed-page.tsx, decision 0034), where
// the journey stays in the frame and the host page is told when the response is stored.
import { createContext, useContext } from 'react';
import { paths } from '#shared/paths';

export interface JourneyPaths {
  /** The journey's first page (the e-mail): where a page without a journey sends the visitor. */
  home: string;
  startSurvey: string;
  result: string;
  /** Inside another site's frame: links out of the journey open in a new tab, the site's sections are left out. */
  embedded: boolean;
  /** Called once the visitor's response is stored, with the language they answered in. */
  onCompleted?: (language: string) => void;
}

const SITE_JOURNEY: JourneyPaths = { home: paths.home, startSurvey: paths.startSurvey, result: paths.result, embedded: false };

const JourneyPathsContext = createContext<JourneyPaths>(SITE_JOURNEY);

export const JourneyPathsProvider = JourneyPathsContext.Provider;

export function useJourneyPaths(): JourneyPaths {
  return useContext(JourneyPathsContext);
}
