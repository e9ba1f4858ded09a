// The handlers every route file under /api/v1 exports: each method hands the request to the one
// dispatcher, which finds its route in the table (a file only tells Next.js a path exists).
import { dispatch } from './dispatch';

export {
  dispatch as GET,
  dispatch as POST,
  dispatch as PUT,
  dispatch as PATCH,
  dispatch as DELETE,
  dispatch as OPTIONS,
};
