/** Products: the list, the add and edit forms. Routes of this feature, spread into the app's route table. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ProductsPage = lazy(() => import('./products-page'));
const ProductNewPage = lazy(() => import('./product-new-page'));
const ProductEditPage = lazy(() => import('./product-edit-page'));

export const productsRoutes: RouteObject[] = [
  { path: '/products', element: <ProductsPage /> },
  { path: '/products/new', element: <ProductNewPage /> },
  { path: '/product-edit', element: <ProductEditPage /> },
];
