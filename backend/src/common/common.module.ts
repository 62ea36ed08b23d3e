import { Global, Module } from '@nestjs/common';
import { HotPathDb } from '../database/hot-path-db';
import { CryptoService } from './crypto.service';

/** Cross-cutting services with one instance for the whole app. */
@Global()
@Module({ providers: [CryptoService, HotPathDb], exports: [CryptoService, HotPathDb] })
export class CommonModule {}
