// Home: search box, budget shortcuts, top-rated models, recent price drops, popular brands.
export { HomeScreen } from './components/home-screen';
