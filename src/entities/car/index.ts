// The car layer shared by the catalogue features (home, browse, brand-model, reviews, marketplace,
// listing, compare, bookmarks): cards, car art, bookmark and compare buttons, the compare store,
// filter controls and URL helpers, price and cost panels. Features import it only through this index;
// it imports data/ and shared/ only (eslint.config.js).
import './car.css';

export { BookmarkButton } from './components/bookmark-button';
export { BrandLogo } from './components/brand-logo';
export { CarImage, type CarImageProps } from './components/car-image';
export { listingGallerySlides, type ListingGallerySlide } from './components/gallery-slides';
export { CarNotFound } from './components/car-not-found';
export {
  galleryShots,
  carArtSvg,
  carArtDataUri,
  paintFor,
  type Backdrop,
  type CarView,
  type GalleryShot,
} from './components/car-art';
export { CompareButton } from './components/compare-button';
export {
  CheckGroup,
  SelectFilter,
  ToggleFilter,
  num,
  moneyOptions,
  BODY_STYLE_OPTIONS,
  FUEL_OPTIONS,
  GEARBOX_OPTIONS,
  SEAT_OPTIONS,
  INSURANCE_GROUP_OPTIONS,
  type Option,
} from './components/filter-controls';
export {
  BodyStyleFilter,
  FuelFilter,
  GearboxFilter,
  InsuranceFilter,
  SeatsFilter,
  UlezFilter,
  type SpecControlProps,
} from './components/spec-filter-controls';
export { FilterLayout, type FilterLayoutProps } from './components/filter-layout';
export { AppliedFilters, type AppliedFiltersProps } from './components/applied-filters';
export { BrandPicker, brandMatches, type BrandOption, type BrandPickerProps } from './components/brand-picker';
export { specFilterChips, rangeLabel, type FilterChip } from './filter-chips';
export { FinanceCalculator } from './components/finance-calculator';
export { ListingCard, type ListingCardProps } from './components/listing-card';
export { ListingLayout, type ListingLayoutProps, type GallerySlide } from './components/listing-layout';
export { ModelCard, ModelPicture, economyLabel, modelColour } from './components/model-card';
export { Pagination } from './components/pagination';
export { PostcodeForm, type PostcodeFormProps } from './components/postcode-form';
export { PriceHistoryChart } from './components/price-history-chart';
export { MarketPosition, PriceIndicatorBadge, PriceMethodNote } from './components/price-indicator-badge';
export { RunningCosts, type RunningCostsProps } from './components/running-costs';
export { NcapStars, RatingStars, ScorePill, ratingLabel, starFills } from './components/stars';
export * from './compare-rules';
export * from './compare-store';
export * from './model-entries';
export * from './url-params';
export * from './spec-filters';
export { useModelEntries } from './hooks/use-model-entries';
