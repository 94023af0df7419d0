// Your Data Rights (SPEC §1, §2 /data-rights): UK GDPR rights, data export and account deletion.
export { DataRightsScreen, type DataRightsScreenProps } from './components/data-rights-screen';
