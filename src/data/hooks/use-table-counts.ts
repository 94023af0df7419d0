import { useLiveQuery } from './use-live-query';
import { db } from '../db';
import { countLocalTables, readDeviceUserData, type DeviceUserData } from '../device-data';

/** Rows per local table, live (re-counted after writes in any tab); undefined while loading. */
export function useTableCounts(): Record<string, number> | undefined {
  return useLiveQuery(() => countLocalTables(db), []);
}

/** Reads the app store's user rows and pending writes once (for the data export). */
export function readAppDeviceUserData(): Promise<DeviceUserData> {
  return readDeviceUserData(db);
}
