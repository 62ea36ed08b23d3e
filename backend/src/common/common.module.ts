import { Global, Module } from '@nestjs/common';
import { CryptoService } from './crypto.service';

/** Cross-cutting services with one instance for the whole app. */
@Global()
@Module({ providers: [CryptoService], exports: [CryptoService] })
export class CommonModule {}
