import { SessionRecord } from '../auth/session.entity';
import { User } from '../users/user.entity';

/** Every entity of the app; the migrations must describe exactly these (checked by a test). */
export const ENTITIES = [User, SessionRecord];
