import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { PageQueryDto } from '../common/dto/paging.dto';
import type { User } from '../users/user.entity';
import { CreatePostDto, PostDto, PostPageDto } from './dto/post.dto';
import { PostsService } from './posts.service';

@ApiTags('posts')
@Controller('api/posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Public()
  @Get('latest')
  @ApiOkResponse({ type: PostPageDto })
  latest(@Query() query: PageQueryDto) {
    return this.posts.latest(query.page, query.pageSize);
  }

  @Auth('admin')
  @Post()
  @ApiCreatedResponse({ type: PostDto })
  create(@CurrentUser() user: User, @Body() dto: CreatePostDto) {
    return this.posts.create(user, dto);
  }
}
