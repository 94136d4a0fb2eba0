import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeskModule } from '../desk';
import { VehiclesModule } from '../vehicles';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { ContactMessageEntity } from './entities/contact-message.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), VehiclesModule, DeskModule],
  exports: [TypeOrmModule, ContactService],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
