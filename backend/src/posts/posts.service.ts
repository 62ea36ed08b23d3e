import { randomBytes } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { User } from '../users/user.entity';
import type { CreatePostDto, PostDto, PostPageDto } from './dto/post.dto';
import { Post } from './post.entity';
import { slugify } from './slug';

@Injectable()
export class PostsService {
  constructor(private readonly em: EntityManager) {}

  async latest(page: number, pageSize: number): Promise<PostPageDto> {
    const [posts, total] = await this.em.findAndCount(
      Post,
      {},
      {
        orderBy: { publishedAt: 'desc', id: 'desc' },
        limit: pageSize,
        offset: (page - 1) * pageSize,
        populate: ['author'],
      },
    );
    return { items: posts.map((p) => this.view(p)), pagination: { page, pageSize, total } };
  }

  /** Creates a post; a taken slug gets a short random suffix. */
  async create(author: User, dto: CreatePostDto): Promise<PostDto> {
    const base = slugify(dto.title);
    for (let attempt = 0; ; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      try {
        const em = this.em.fork();
        const post = em.create(Post, {
          title: dto.title.trim(),
          body: dto.body,
          slug,
          author: author.id,
        });
        await em.flush();
        await em.populate(post, ['author']);
        return this.view(post);
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 3) throw e;
      }
    }
  }

  private view(p: Post): PostDto {
    return {
      id: p.id,
      title: p.title,
      slug: p.slug,
      body: p.body,
      author: p.author ? { id: p.author.id, name: p.author.name } : null,
      publishedAt: p.publishedAt.toISOString(),
    };
  }
}
