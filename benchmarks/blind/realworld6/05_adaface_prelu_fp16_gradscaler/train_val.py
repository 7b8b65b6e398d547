import torch
import torch.nn as nn

import net
import head


class Trainer(nn.Module):
    def __init__(self, hparams):
        super(Trainer, self).__init__()
        self.hparams = hparams

        self.class_num = hparams.num_classes
        print('classnum: {}'.format(self.class_num))

        self.model = net.build_model(model_name=self.hparams.arch,
                                     input_size=(hparams.image_size, hparams.image_size),
                                     embedding_size=hparams.embedding_size)
        self.head = head.build_head(head_type=self.hparams.head,
                                    embedding_size=hparams.embedding_size,
                                    class_num=self.class_num,
                                    m=self.hparams.m,
                                    h=self.hparams.h,
                                    t_alpha=self.hparams.t_alpha,
                                    s=self.hparams.s,
                                    )

        self.cross_entropy_loss = nn.CrossEntropyLoss()

    def forward(self, images, labels):
        embeddings, norms = self.model(images)
        cos_thetas = self.head(embeddings, norms, labels)
        if isinstance(cos_thetas, tuple):
            cos_thetas, bad_grad = cos_thetas
            labels[bad_grad.squeeze(-1)] = -100 # ignore_index
        return cos_thetas, norms, embeddings, labels

    def training_step(self, batch, batch_idx):
        images, labels = batch

        cos_thetas, norms, embeddings, labels = self.forward(images, labels)
        loss_train = self.cross_entropy_loss(cos_thetas.float(), labels)
        return loss_train

    def configure_optimizers(self):
        paras_wo_bn, paras_only_bn = self.split_parameters(self.model)
        optimizer = torch.optim.SGD([{
            'params': paras_wo_bn + [self.head.kernel],
            'weight_decay': self.hparams.weight_decay
        }, {
            'params': paras_only_bn
        }],
                                    lr=self.hparams.lr,
                                    momentum=self.hparams.momentum)
        return optimizer

    def split_parameters(self, module):
        params_decay = []
        params_no_decay = []
        for m in module.modules():
            if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
                params_no_decay.extend([*m.parameters()])
            elif len(list(m.children())) == 0:
                params_decay.extend([*m.parameters()])
        assert len(list(module.parameters())) == len(params_decay) + len(params_no_decay)
        return params_decay, params_no_decay
