/** Hand-written brand facts. `retention` nudges used values (1 = average); trims are used in listing titles. */
export interface BrandSource {
  name: string;
  country: string;
  founded: number;
  colour: string;
  description: string;
  trims: readonly string[];
  retention: number;
}

export const BRANDS: readonly BrandSource[] = [
  { name: 'Abarth', country: 'Italy', founded: 1949, colour: '#c8102e', retention: 0.95, trims: ['Turismo', 'Scorpionissima'], description: 'Fiat\'s performance arm, now building small electric hot hatches with plenty of noise and attitude.' },
  { name: 'Alfa Romeo', country: 'Italy', founded: 1910, colour: '#8b0000', retention: 0.86, trims: ['Sprint', 'Ti', 'Veloce', 'Speciale'], description: 'Italian maker of sporty saloons and SUVs, known for sharp steering and striking design.' },
  { name: 'Alpine', country: 'France', founded: 1955, colour: '#0055a4', retention: 1.02, trims: ['GT', 'GTS', 'Premiere Edition'], description: 'Renault\'s sports car brand, reborn with the lightweight A110 and the electric A290 hot hatch.' },
  { name: 'Audi', country: 'Germany', founded: 1909, colour: '#1a1a1a', retention: 1.03, trims: ['Sport', 'S line', 'Black Edition', 'Vorsprung'], description: 'Premium German brand with high-quality interiors, quattro all-wheel drive and a growing e-tron range.' },
  { name: 'BMW', country: 'Germany', founded: 1916, colour: '#0066b1', retention: 1.02, trims: ['Sport', 'M Sport', 'M Sport Pro'], description: 'Bavarian maker of driver-focused cars, from the 1 Series hatchback to the electric i-models.' },
  { name: 'BYD', country: 'China', founded: 1995, colour: '#1d3c6e', retention: 0.85, trims: ['Active', 'Boost', 'Comfort', 'Design'], description: 'The world\'s largest maker of electrified cars, selling well-equipped EVs and plug-in hybrids in the UK since 2023.' },
  { name: 'Citroën', country: 'France', founded: 1919, colour: '#da291c', retention: 0.88, trims: ['You', 'Plus', 'Max'], description: 'French brand that puts comfort first, with soft suspension and practical family cars.' },
  { name: 'Cupra', country: 'Spain', founded: 2018, colour: '#95572b', retention: 0.96, trims: ['V1', 'V2', 'V3', 'VZ1', 'VZ2'], description: 'SEAT\'s sporty spin-off with bold styling and punchy petrol, hybrid and electric models.' },
  { name: 'Dacia', country: 'Romania', founded: 1966, colour: '#646b52', retention: 1.04, trims: ['Essential', 'Expression', 'Journey', 'Extreme'], description: 'Renault-owned budget brand offering honest, roomy cars for the price of a small hatchback.' },
  { name: 'DS', country: 'France', founded: 2014, colour: '#3d3935', retention: 0.82, trims: ['Pallas', 'Performance Line', 'Etoile', 'Opera'], description: 'Stellantis\' premium French brand, focused on ornate interiors and a comfortable ride.' },
  { name: 'Fiat', country: 'Italy', founded: 1899, colour: '#a6192e', retention: 0.9, trims: ['Pop', 'Icon', 'La Prima'], description: 'Italian maker of characterful small cars, led by the 500 and the Panda.' },
  { name: 'Ford', country: 'United States', founded: 1903, colour: '#003478', retention: 0.95, trims: ['Titanium', 'ST-Line', 'ST-Line X', 'Active', 'Premium'], description: 'Long-time UK favourite known for cars that are good to drive, now moving to electric models.' },
  { name: 'Genesis', country: 'South Korea', founded: 2015, colour: '#2b2b2b', retention: 0.84, trims: ['Premium', 'Sport', 'Luxury'], description: 'Hyundai\'s luxury brand, selling generously equipped saloons and SUVs with a five-year care plan.' },
  { name: 'Honda', country: 'Japan', founded: 1948, colour: '#cc0000', retention: 1.03, trims: ['Elegance', 'Advance', 'Sport', 'Advance Style'], description: 'Japanese engineering company famed for reliable hybrids and clever packaging.' },
  { name: 'Hyundai', country: 'South Korea', founded: 1967, colour: '#002c5f', retention: 0.96, trims: ['Advance', 'Premium', 'Ultimate', 'N Line'], description: 'Korean brand offering strong value, long warranties and some of the best EVs on sale.' },
  { name: 'Jaguar', country: 'United Kingdom', founded: 1922, colour: '#1c1c1c', retention: 0.84, trims: ['S', 'SE', 'R-Dynamic S', 'R-Dynamic SE', 'R-Dynamic HSE'], description: 'British luxury marque from Coventry, pausing new-car sales while it reinvents itself as an electric brand.' },
  { name: 'Jeep', country: 'United States', founded: 1941, colour: '#3a4a2b', retention: 0.88, trims: ['Longitude', 'Altitude', 'Summit', 'Trailhawk', 'Rubicon'], description: 'American off-road specialist whose UK range runs from the small Avenger to the rugged Wrangler.' },
  { name: 'Kia', country: 'South Korea', founded: 1944, colour: '#05141f', retention: 0.98, trims: ['2', '3', '4', 'GT-Line', 'GT-Line S'], description: 'Korean brand with a seven-year warranty, sharp design and an impressive line-up of EVs.' },
  { name: 'Land Rover', country: 'United Kingdom', founded: 1948, colour: '#005a2b', retention: 1.0, trims: ['S', 'SE', 'HSE', 'Dynamic SE', 'Autobiography'], description: 'British 4x4 maker behind the Defender, Discovery and Range Rover families.' },
  { name: 'Leapmotor', country: 'China', founded: 2015, colour: '#2f6fd6', retention: 0.8, trims: ['Design', 'Style'], description: 'Chinese EV maker sold in the UK through Stellantis, with very keenly priced electric cars.' },
  { name: 'Lexus', country: 'Japan', founded: 1989, colour: '#3b3b3b', retention: 1.06, trims: ['Premium', 'Premium Plus', 'Takumi', 'F Sport'], description: 'Toyota\'s luxury brand, known for smooth hybrids, superb build quality and top reliability scores.' },
  { name: 'Lotus', country: 'United Kingdom', founded: 1948, colour: '#ffcd00', retention: 0.9, trims: ['First Edition', 'Sport', 'R'], description: 'Norfolk sports car maker moving from lightweight coupes to high-performance electric cars.' },
  { name: 'Maserati', country: 'Italy', founded: 1914, colour: '#0c2340', retention: 0.8, trims: ['GT', 'Modena', 'Trofeo'], description: 'Italian luxury performance brand from Modena, now selling the Grecale SUV in the UK.' },
  { name: 'Mazda', country: 'Japan', founded: 1920, colour: '#910a2d', retention: 1.0, trims: ['Prime-Line', 'Centre-Line', 'Exclusive-Line', 'Homura', 'Takumi'], description: 'Japanese brand that favours engaging driving and elegant design, including the evergreen MX-5.' },
  { name: 'Mercedes-Benz', country: 'Germany', founded: 1926, colour: '#222222', retention: 0.99, trims: ['Sport', 'AMG Line', 'AMG Line Premium', 'AMG Line Premium Plus'], description: 'The three-pointed star: luxury cars, SUVs and EVs with cutting-edge technology.' },
  { name: 'MG', country: 'United Kingdom', founded: 1924, colour: '#8a1538', retention: 0.86, trims: ['SE', 'Trophy', 'SE Connect'], description: 'Historic British badge now owned by SAIC, selling some of the best-value new cars in the UK.' },
  { name: 'Mini', country: 'United Kingdom', founded: 1959, colour: '#000000', retention: 1.02, trims: ['Classic', 'Exclusive', 'Sport'], description: 'BMW-owned British icon with fun handling and a strong electric line-up.' },
  { name: 'Nissan', country: 'Japan', founded: 1933, colour: '#c3002f', retention: 0.94, trims: ['Acenta', 'N-Connecta', 'Tekna', 'Tekna+', 'Engage'], description: 'Builds the Qashqai and Juke in Sunderland, and pioneered mass-market EVs with the Leaf.' },
  { name: 'Peugeot', country: 'France', founded: 1810, colour: '#001e50', retention: 0.91, trims: ['Active', 'Allure', 'GT'], description: 'French brand with distinctive i-Cockpit interiors and a choice of petrol, hybrid and electric power.' },
  { name: 'Polestar', country: 'Sweden', founded: 2017, colour: '#2a2a2a', retention: 0.84, trims: ['Standard Range', 'Long Range', 'Performance'], description: 'Volvo-related electric performance brand with minimalist Scandinavian design.' },
  { name: 'Porsche', country: 'Germany', founded: 1931, colour: '#b12b28', retention: 1.12, trims: ['Standard', 'S', 'GTS'], description: 'Stuttgart sports car maker whose 911, Macan and Taycan set the bar for driving dynamics.' },
  { name: 'Renault', country: 'France', founded: 1899, colour: '#ffcc33', retention: 0.93, trims: ['Evolution', 'Techno', 'Iconic', 'Esprit Alpine'], description: 'French brand with excellent full hybrids and a retro-inspired electric Renault 5 and 4.' },
  { name: 'Skoda', country: 'Czech Republic', founded: 1895, colour: '#0e3a2f', retention: 1.0, trims: ['SE', 'SE L', 'SE Technology', 'Sportline', 'Laurin & Klement'], description: 'Volkswagen Group brand famed for space, value and "simply clever" touches.' },
  { name: 'Smart', country: 'China', founded: 1994, colour: '#3c3c3c', retention: 0.82, trims: ['Pro', 'Premium', 'Brabus'], description: 'Once the tiny city-car brand, now a Mercedes and Geely joint venture building electric SUVs.' },
  { name: 'Subaru', country: 'Japan', founded: 1953, colour: '#003b7d', retention: 0.97, trims: ['Limited', 'Touring', 'Field'], description: 'Japanese maker with standard all-wheel drive and boxer engines, loved in rural Britain.' },
  { name: 'Suzuki', country: 'Japan', founded: 1909, colour: '#e30613', retention: 1.0, trims: ['Motion', 'Ultra'], description: 'Specialist in small, light and affordable cars with mild-hybrid and four-wheel-drive options.' },
  { name: 'Tesla', country: 'United States', founded: 2003, colour: '#cc0000', retention: 0.88, trims: ['Standard', 'Premium'], description: 'Electric car pioneer with long ranges, quick software updates and its own Supercharger network.' },
  { name: 'Toyota', country: 'Japan', founded: 1937, colour: '#eb0a1e', retention: 1.08, trims: ['Icon', 'Design', 'Excel', 'GR Sport', 'Invincible'], description: 'The world\'s biggest carmaker, synonymous with hybrid reliability; builds the Corolla in Derbyshire.' },
  { name: 'Vauxhall', country: 'United Kingdom', founded: 1857, colour: '#e2001a', retention: 0.88, trims: ['Design', 'GS', 'Ultimate', 'Griffin'], description: 'British brand from Luton, now part of Stellantis, with an electric version of every model.' },
  { name: 'Volkswagen', country: 'Germany', founded: 1937, colour: '#001e50', retention: 1.01, trims: ['Life', 'Match', 'Style', 'R-Line', 'Elegance'], description: 'Germany\'s biggest brand: the Golf, Polo and Tiguan, plus the electric ID. family.' },
  { name: 'Volvo', country: 'Sweden', founded: 1927, colour: '#123a6b', retention: 0.97, trims: ['Core', 'Plus', 'Ultra'], description: 'Swedish brand with a safety-first reputation, calm interiors and a fast-growing EV range.' },
  { name: 'Omoda', country: 'China', founded: 2023, colour: '#5a2d82', retention: 0.8, trims: ['Knight', 'Noble'], description: 'Chery Group brand new to the UK in 2024, offering well-equipped crossovers at low prices.' },
  { name: 'Jaecoo', country: 'China', founded: 2023, colour: '#40545e', retention: 0.82, trims: ['Pure', 'Luxury'], description: 'Chery Group\'s rugged-looking SUV brand, led by the Jaecoo 7 plug-in hybrid.' },
];
