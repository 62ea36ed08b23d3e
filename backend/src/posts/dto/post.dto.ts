import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';
import { PaginationDto } from '../../common/dto/paging.dto';

export class CreatePostDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Length(1, 200, { message: 'Title must be 1 to 200 characters' })
  @IsString({ message: 'Title must be 1 to 200 characters' })
  title!: string;

  @ApiProperty({ description: 'Markdown' })
  @MaxLength(100_000)
  @IsNotEmpty({ message: 'Body is required' })
  @IsString({ message: 'Body is required' })
  body!: string;
}

export class PostAuthorDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class PostDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'Markdown' }) body!: string;
  @ApiProperty({ type: PostAuthorDto, nullable: true }) author!: PostAuthorDto | null;
  @ApiProperty() publishedAt!: string;
}

export class PostPageDto {
  @ApiProperty({ type: [PostDto] }) items!: PostDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
