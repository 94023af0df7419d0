// The Dealer Hub (/dealer/dashboard): leads inbox, listing prices and statuses, figures.
export { DealerHubScreen } from './components/dealer-hub-screen';
// Issue 33: the stock editor (/dealer/stock/new, /dealer/stock/:listingId/edit) and a stock row's photo uploads.
export { StockEditorScreen } from './stock-editor/stock-editor-screen';
export { PhotoUploadState } from './photos/photo-upload-state';
