import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { CategoryQueryDto, SaveQuestionDto } from './dto/quiz.dto';
import { QuizService } from './quiz.service';

@ApiTags('quiz')
@Controller('api/quiz')
export class QuizController {
  constructor(private readonly quiz: QuizService) {}

  @Auth()
  @Get('questions')
  questions(@CurrentUser() user: User, @Query() q: CategoryQueryDto) {
    return this.quiz.questionsFor(user, q.category);
  }
}

@ApiTags('admin: quiz')
@Auth('quiz-admin')
@Controller('api/quiz/admin')
export class QuizAdminController {
  constructor(private readonly quiz: QuizService) {}

  @Get('questions')
  list(@Query() q: CategoryQueryDto) {
    return this.quiz.adminList(q.category);
  }

  @Get('categories')
  categories() {
    return this.quiz.categories();
  }

  @Post('questions')
  create(@CurrentUser() admin: User, @Body() dto: SaveQuestionDto) {
    return this.quiz.create(admin, dto);
  }

  @Put('questions/:id')
  update(@CurrentUser() admin: User, @Param('id') id: string, @Body() dto: SaveQuestionDto) {
    return this.quiz.update(admin, id, dto);
  }

  @Delete('questions/:id')
  remove(@CurrentUser() admin: User, @Param('id') id: string) {
    return this.quiz.remove(admin, id);
  }
}
