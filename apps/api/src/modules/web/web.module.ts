import { Module } from '@nestjs/common';
import { WebPages } from './web-pages';

@Module({ providers: [WebPages] })
export class WebModule {}
