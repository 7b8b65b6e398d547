import torch
import torch.nn as nn
import torch.nn.functional as F

from model.common import MLP


class CANet(nn.Module):
    def __init__(self, dset, args):
        super(CANet, self).__init__()
        self.args = args
        self.dset = dset
        self.num_attrs, self.num_objs = len(dset.attrs), len(dset.objs)
        self.attrs = torch.arange(self.num_attrs)
        self.objs = torch.arange(self.num_objs)
        self.pairs = torch.LongTensor([[dset.attr2idx[a], dset.obj2idx[o]] for a, o in dset.train_pairs])

        self.attr_embedder = nn.Embedding(self.num_attrs, args.emb_dim)
        self.obj_embedder = nn.Embedding(self.num_objs, args.emb_dim)

        self.image_embedder_attr = MLP(dset.feat_dim, args.emb_dim, num_layers=args.nlayers, relu=False,
                                       dropout=args.dropout, norm=args.norm, layers=[args.img_emb_dim])
        self.image_embedder_obj = MLP(dset.feat_dim, args.emb_dim, num_layers=args.nlayers, relu=False,
                                      dropout=args.dropout, norm=args.norm, layers=[args.img_emb_dim])
        self.image_embedder_both = MLP(dset.feat_dim, args.emb_dim, num_layers=args.nlayers, relu=False,
                                       dropout=args.dropout, norm=args.norm, layers=[args.img_emb_dim])
        # condition the attribute word embedding on the object prediction
        self.attr_adapter = MLP(2 * args.emb_dim, args.emb_dim, num_layers=1, relu=False)
        self.pair_composer = MLP(2 * args.emb_dim, args.emb_dim, num_layers=2, relu=False, layers=[args.emb_dim])
        self.scale = 20.0

    def compose(self, attrs, objs):
        inputs = torch.cat([self.attr_embedder(attrs), self.obj_embedder(objs)], dim=-1)
        return F.normalize(self.pair_composer(inputs), dim=-1)

    def forward(self, x):
        img, attrs, objs, pairs = x[0], x[1], x[2], x[3]

        img_attr = F.normalize(self.image_embedder_attr(img), dim=-1)
        img_obj = F.normalize(self.image_embedder_obj(img), dim=-1)
        img_both = F.normalize(self.image_embedder_both(img), dim=-1)

        obj_emb = F.normalize(self.obj_embedder(self.objs), dim=-1)
        obj_logits = self.scale * img_obj @ obj_emb.t()
        obj_prob = obj_logits.softmax(-1)

        soft_obj = obj_prob @ self.obj_embedder(self.objs)
        attr_all = self.attr_embedder(self.attrs)
        attr_cond = torch.cat([attr_all.unsqueeze(0).expand(img.size(0), -1, -1),
                               soft_obj.unsqueeze(1).expand(-1, self.num_attrs, -1)], dim=-1)
        attr_emb = F.normalize(self.attr_adapter(attr_cond), dim=-1)
        attr_logits = self.scale * (attr_emb @ img_attr.unsqueeze(-1)).squeeze(-1)

        pair_emb = self.compose(self.pairs[:, 0], self.pairs[:, 1])
        pair_logits = self.scale * img_both @ pair_emb.t()

        if self.training:
            loss = F.cross_entropy(pair_logits, pairs) + F.cross_entropy(attr_logits, attrs) \
                + F.cross_entropy(obj_logits, objs)
            return loss, None
        return None, pair_logits
