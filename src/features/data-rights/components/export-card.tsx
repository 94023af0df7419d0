import { useState } from 'react';
import { readAppDeviceUserData } from '@/data/device';
import { DataRightsError, fetchServerExport } from '../api/data-rights-api';
import { Button, Card } from '@/shared/ui';
import { buildDataExport, exportFileName } from '../export-builder';
import { downloadJson, readDeviceSettings } from '../device-settings';

type State = { phase: 'idle' | 'working' | 'done' } | { phase: 'error'; message: string };

/** "Download all my data": the server's copy merged with this device's, as one JSON file. */
export function ExportCard() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const run = async (withServer: boolean) => {
    setState({ phase: 'working' });
    try {
      const [server, device] = await Promise.all([
        withServer ? fetchServerExport() : Promise.resolve(null),
        readAppDeviceUserData(),
      ]);
      const now = new Date();
      downloadJson(exportFileName(now), buildDataExport({ server, device, settings: readDeviceSettings(), now }));
      setState({ phase: 'done' });
    } catch (e) {
      setState({
        phase: 'error',
        message: e instanceof DataRightsError ? e.message : 'Your data could not be gathered. Please try again.',
      });
    }
  };
  return (
    <Card as="section" aria-labelledby="export-title">
      <h2 id="export-title" className="card__title">
        Download all my data
      </h2>
      <p className="card__description">
        One JSON file with your account details and every row we hold for you (saved cars, price alerts, enquiries and
        their messages, notifications, preferences, questionnaire answers, recommendations, search activity, error
        reports, newsletter sign-up), merged with what this device holds, including changes not yet synced.
      </p>
      <div className="cluster">
        <Button variant="primary" loading={state.phase === 'working'} onClick={() => void run(true)}>
          Download all my data
        </Button>
      </div>
      {state.phase === 'done' && (
        <p className="rights-status" role="status">
          Your data has been downloaded.
        </p>
      )}
      {state.phase === 'error' && (
        <div className="rights-error" role="alert">
          <p>{state.message}</p>
          <Button size="sm" onClick={() => void run(false)}>
            Download this device&apos;s data only
          </Button>
        </div>
      )}
    </Card>
  );
}
