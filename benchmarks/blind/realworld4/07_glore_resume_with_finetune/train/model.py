import os
import logging

import torch


class model(object):

    def __init__(self, net, criterion, model_prefix='', step_callback=None, step_callback_freq=50,
                 epoch_callback=None, save_checkpoint_freq=1, opt_batch_size=None):
        # main network
        self.net = net
        self.model_prefix = model_prefix
        self.criterion = criterion
        self.save_checkpoint_freq = save_checkpoint_freq

    def load_state(self, state_dict, strict=False):
        if strict:
            self.net.load_state_dict(state_dict=state_dict)
        else:
            net_state_keys = list(self.net.state_dict().keys())
            for name, param in state_dict.items():
                if name in self.net.state_dict().keys():
                    dst_param_shape = self.net.state_dict()[name].shape
                    if param.shape == dst_param_shape:
                        self.net.state_dict()[name].copy_(param.view(dst_param_shape))
                        net_state_keys.remove(name)
            if net_state_keys:
                logging.warning(">> Failed to load: {}".format(net_state_keys))
                return False
        return True

    def get_checkpoint_path(self, epoch):
        assert self.model_prefix, "model_prefix undefined!"
        return "{}_ep-{:04d}.pth".format(self.model_prefix, epoch)

    def load_checkpoint(self, epoch, optimizer=None):
        load_path = self.get_checkpoint_path(epoch)
        assert os.path.exists(load_path), "Failed to load: {} (file not exist)".format(load_path)

        checkpoint = torch.load(load_path)

        all_params_matched = self.load_state(checkpoint['state_dict'], strict=False)

        if optimizer:
            if 'optimizer' in checkpoint.keys() and all_params_matched:
                optimizer.load_state_dict(checkpoint['optimizer'])
                logging.info("Model & Optimizer states are resumed from: `{}'".format(load_path))
            else:
                logging.warning(">> Failed to load optimizer state from: `{}'".format(load_path))
        else:
            logging.info("Only model state resumed from: `{}'".format(load_path))

        if 'epoch' in checkpoint.keys():
            if checkpoint['epoch'] != epoch:
                logging.warning(">> Epoch information inconsistant: {} vs {}".format(checkpoint['epoch'], epoch))

    def save_checkpoint(self, epoch, optimizer_state=None):
        save_path = self.get_checkpoint_path(epoch)
        save_folder = os.path.dirname(save_path)
        if not os.path.exists(save_folder):
            os.makedirs(save_folder)
        if not optimizer_state:
            torch.save({'epoch': epoch, 'state_dict': self.net.state_dict()}, save_path)
        else:
            torch.save({'epoch': epoch, 'state_dict': self.net.state_dict(), 'optimizer': optimizer_state}, save_path)
        logging.info("Checkpoint (model & optimizer) saved to: {}".format(save_path))

    def fit(self, train_iter, optimizer, lr_scheduler, eval_iter=None, epoch_start=0, epoch_end=10000):
        for i_epoch in range(epoch_start, epoch_end):
            self.net.train()
            tot, correct, loss_sum = 0, 0, 0.0
            for data, target in train_iter:
                output = self.net(data)
                loss = self.criterion(output, target)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                loss_sum += loss.item() * target.size(0)
                correct += (output.argmax(1) == target).sum().item()
                tot += target.size(0)
            lr_scheduler.step()
            logging.info("Epoch [{:d}]   train: loss={:.4f} top1={:.3f}".format(i_epoch + 1, loss_sum / tot, correct / tot))
            if eval_iter is not None:
                self.net.eval()
                tot, correct = 0, 0
                with torch.no_grad():
                    for data, target in eval_iter:
                        correct += (self.net(data).argmax(1) == target).sum().item()
                        tot += target.size(0)
                logging.info("Epoch [{:d}]   val: top1={:.3f}".format(i_epoch + 1, correct / tot))
            if (i_epoch + 1) % self.save_checkpoint_freq == 0:
                self.save_checkpoint(epoch=i_epoch + 1, optimizer_state=optimizer.state_dict())
