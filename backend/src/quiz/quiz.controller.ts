import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { requestLanguage } from '@seatkeeper/domain';
import type { Request } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { SuccessDto } from '../common/dto/result.dto';
import type { User } from '../users/user.entity';
import {
  AdminQuizQuestionListDto,
  CategoryQueryDto,
  QuizCategoryListDto,
  QuizQuestionListDto,
  QuizQuestionsQueryDto,
  SavedQuestionDto,
  SaveQuestionDto,
} from './dto/quiz.dto';
import { QuizService } from './quiz.service';

@ApiTags('quiz')
@Controller('api/quiz')
export class QuizController {
  constructor(private readonly quiz: QuizService) {}

  @Auth()
  @Get('questions')
  @ApiOkResponse({ type: QuizQuestionListDto })
  questions(
    @CurrentUser() user: User,
    @Query() q: QuizQuestionsQueryDto,
    @Req() req: Request,
  ): Promise<QuizQuestionListDto> {
    const language = q.lang ?? requestLanguage(req.headers.cookie, req.headers['accept-language']);
    return this.quiz.questionsFor(user, q.category, language);
  }
}

@ApiTags('admin: quiz')
@Auth('quiz-admin')
@Controller('api/quiz/admin')
export class QuizAdminController {
  constructor(private readonly quiz: QuizService) {}

  @Get('questions')
  @ApiOkResponse({ type: AdminQuizQuestionListDto })
  list(@Query() q: CategoryQueryDto): Promise<AdminQuizQuestionListDto> {
    return this.quiz.adminList(q.category);
  }

  @Get('categories')
  @ApiOkResponse({ type: QuizCategoryListDto })
  categories(): Promise<QuizCategoryListDto> {
    return this.quiz.categories();
  }

  @Post('questions')
  @ApiCreatedResponse({ type: SavedQuestionDto })
  create(@CurrentUser() admin: User, @Body() dto: SaveQuestionDto): Promise<SavedQuestionDto> {
    return this.quiz.create(admin, dto);
  }

  @Put('questions/:id')
  @ApiOkResponse({ type: SavedQuestionDto })
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() dto: SaveQuestionDto,
  ): Promise<SavedQuestionDto> {
    return this.quiz.update(admin, id, dto);
  }

  @Delete('questions/:id')
  @ApiOkResponse({ type: SuccessDto })
  remove(@CurrentUser() admin: User, @Param('id') id: string): Promise<SuccessDto> {
    return this.quiz.remove(admin, id);
  }
}
