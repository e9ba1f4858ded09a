/** The staff roles whose security page these panels make up. */
export type StaffRole = 'admin' | 'vendor';
