import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LicensesModule } from '../licenses/licenses.module';
import { QuizAdminController, QuizController } from './quiz.controller';
import { QuizService } from './quiz.service';

@Module({
  imports: [AuthModule, LicensesModule],
  controllers: [QuizController, QuizAdminController],
  providers: [QuizService],
})
export class QuizModule {}
