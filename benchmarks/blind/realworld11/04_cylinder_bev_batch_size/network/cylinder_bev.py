import torch
import torch.nn as nn


class cylinder_fea(nn.Module):
    """Point-wise MLP followed by a scatter of the point features into BEV voxels."""

    def __init__(self, grid_size, fea_dim=4, out_pt_fea_dim=16):
        super(cylinder_fea, self).__init__()
        self.grid_size = grid_size
        self.PPmodel = nn.Sequential(
            nn.BatchNorm1d(fea_dim),
            nn.Linear(fea_dim, 32), nn.BatchNorm1d(32), nn.ReLU(),
            nn.Linear(32, out_pt_fea_dim))

    def forward(self, pt_fea, xy_ind, batch_size):
        cat_pt_ind = []
        for i_batch in range(len(xy_ind)):
            cat_pt_ind.append(nn.functional.pad(xy_ind[i_batch], (1, 0), 'constant', value=i_batch))
        cat_pt_fea = torch.cat(pt_fea, dim=0)
        cat_pt_ind = torch.cat(cat_pt_ind, dim=0)

        processed_cat_pt_fea = self.PPmodel(cat_pt_fea)
        dense = torch.zeros(batch_size, self.grid_size[0], self.grid_size[1],
                            processed_cat_pt_fea.shape[1], dtype=processed_cat_pt_fea.dtype)
        dense = dense.index_put((cat_pt_ind[:, 0], cat_pt_ind[:, 1], cat_pt_ind[:, 2]),
                                processed_cat_pt_fea, accumulate=True)
        return dense.permute(0, 3, 1, 2).contiguous()


class Asymm_BEV_seg(nn.Module):
    def __init__(self, in_ch, num_class, init_size=16):
        super(Asymm_BEV_seg, self).__init__()
        self.net = nn.Sequential(
            nn.Conv2d(in_ch, init_size, (1, 3), padding=(0, 1)), nn.BatchNorm2d(init_size), nn.LeakyReLU(),
            nn.Conv2d(init_size, init_size, (3, 1), padding=(1, 0)), nn.BatchNorm2d(init_size), nn.LeakyReLU(),
            nn.Conv2d(init_size, num_class, 3, padding=1))

    def forward(self, x):
        return self.net(x)


class cylinder_asym(nn.Module):
    def __init__(self, cylin_model, segmentator_spconv, sparse_shape):
        super().__init__()
        self.name = "cylinder_asym"
        self.cylinder_3d_generator = cylin_model
        self.cylinder_3d_spconv_seg = segmentator_spconv
        self.sparse_shape = sparse_shape

    def forward(self, train_pt_fea_ten, train_vox_ten, batch_size):
        features_3d = self.cylinder_3d_generator(train_pt_fea_ten, train_vox_ten, batch_size)
        return self.cylinder_3d_spconv_seg(features_3d)


def build(model_config):
    output_shape = model_config['output_shape']
    cy_fea_net = cylinder_fea(grid_size=output_shape, fea_dim=model_config['fea_dim'],
                              out_pt_fea_dim=model_config['out_fea_dim'])
    seg = Asymm_BEV_seg(model_config['out_fea_dim'], model_config['num_class'], model_config['init_size'])
    return cylinder_asym(cy_fea_net, seg, output_shape)
