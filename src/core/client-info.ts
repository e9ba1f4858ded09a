/** Where the request came from, as far as the transport can tell. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The device marker the client presented (X-Device-Id, or the pages' cookie). */
  deviceId?: string;
}
