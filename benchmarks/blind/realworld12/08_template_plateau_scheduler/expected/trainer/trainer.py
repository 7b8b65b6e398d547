import numpy as np
import torch

from base.base_trainer import BaseTrainer


class Trainer(BaseTrainer):
    """
    Trainer class
    """
    def __init__(self, model, criterion, metric_ftns, optimizer, config, data_loader,
                 valid_data_loader=None, lr_scheduler=None):
        super().__init__(model, criterion, metric_ftns, optimizer, config)
        self.data_loader = data_loader
        self.valid_data_loader = valid_data_loader
        self.do_validation = self.valid_data_loader is not None
        self.lr_scheduler = lr_scheduler
        self.log_step = int(np.sqrt(data_loader.batch_size))

    def _train_epoch(self, epoch):
        self.model.train()
        total_loss, n = 0.0, 0
        for batch_idx, (data, target) in enumerate(self.data_loader):
            self.optimizer.zero_grad()
            output = self.model(data)
            loss = self.criterion(output, target)
            loss.backward()
            self.optimizer.step()
            total_loss += loss.item()
            n += 1
        log = {'loss': total_loss / n}

        if self.do_validation:
            val_log = self._valid_epoch(epoch)
            log.update(**{'val_' + k: v for k, v in val_log.items()})

        if self.lr_scheduler is not None:
            if isinstance(self.lr_scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
                self.lr_scheduler.step(log['val_loss'])
            else:
                self.lr_scheduler.step()
        log['lr'] = self.optimizer.param_groups[0]['lr']
        return log

    def _valid_epoch(self, epoch):
        self.model.eval()
        total_loss, n = 0.0, 0
        mets = {m.__name__: 0.0 for m in self.metric_ftns}
        with torch.no_grad():
            for batch_idx, (data, target) in enumerate(self.valid_data_loader):
                output = self.model(data)
                total_loss += self.criterion(output, target).item()
                for met in self.metric_ftns:
                    mets[met.__name__] += met(output, target)
                n += 1
        result = {'loss': total_loss / n}
        result.update({k: v / n for k, v in mets.items()})
        return result
