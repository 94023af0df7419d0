import type { AiCatalogue, ListingRow } from '@/data/catalogue';
import { CarImage, ModelPicture } from '@/entities/car';
import type { CarFacts } from '@/domain/ai/rank';

/** A model card's picture: the model's own drawing, as its model page shows it. */
export function ModelMedia({ car, cat }: { car: CarFacts; cat: AiCatalogue | undefined }) {
  const model = cat?.modelById.get(car.modelId);
  if (!model) return null;
  return <ModelPicture model={model} brand={cat?.brandById.get(model.brand_id)} whenNear labelled />;
}

/** A listing card's picture: the dealer's first photo, else the drawing in the car's own colour. */
export function ListingMedia({
  car,
  row,
  cat,
}: {
  car: CarFacts;
  row: ListingRow | undefined;
  cat: AiCatalogue | undefined;
}) {
  return (
    <CarImage
      bodyStyle={car.body}
      model={cat?.modelById.get(car.modelId)}
      brand={car.brand}
      colour={row?.colour ?? 'Silver'}
      alt=""
      whenNear
      labelled
      photo={row?.photos?.[0]}
    />
  );
}
