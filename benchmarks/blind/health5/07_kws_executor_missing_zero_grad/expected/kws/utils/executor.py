import logging

import torch
from torch.nn.utils import clip_grad_norm_

from kws.model.loss import criterion


class Executor:

    def __init__(self):
        self.step = 0

    def train(self, model, optimizer, data_loader, device, args):
        ''' Train one epoch
        '''
        model.train()
        clip = args.get('grad_clip', 50.0)
        log_interval = args.get('log_interval', 10)
        epoch = args.get('epoch', 0)
        total_loss, num = 0.0, 0
        for batch_idx, batch in enumerate(data_loader):
            key, feats, target, feats_lengths = batch
            feats = feats.to(device)
            target = target.to(device)
            logits = model(feats)
            loss, acc = criterion(logits, target)
            optimizer.zero_grad()
            loss.backward()
            grad_norm = clip_grad_norm_(model.parameters(), clip)
            if torch.isfinite(grad_norm):
                optimizer.step()
            total_loss += loss.item()
            num += 1
            if batch_idx % log_interval == 0:
                logging.debug('TRAIN Batch {}/{} loss {:.8f} acc {:.8f}'.format(
                    epoch, batch_idx, loss.item(), acc.item()))
            self.step += 1
        return total_loss / num

    @torch.no_grad()
    def cv(self, model, data_loader, device, args):
        ''' Cross validation on
        '''
        model.eval()
        total_loss, total_acc, num = 0.0, 0.0, 0
        for batch in data_loader:
            key, feats, target, feats_lengths = batch
            loss, acc = criterion(model(feats.to(device)), target.to(device))
            total_loss += loss.item(); total_acc += acc.item(); num += 1
        return total_loss / num, total_acc / num
