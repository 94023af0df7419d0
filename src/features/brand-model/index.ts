// Brand pages (/brand/:brand) and model pages (/brand/:brand/:model, /models/:brand/:model).
export { BrandScreen } from './components/brand-screen';
export { ModelScreen } from './components/model-screen';
